// dump: what the Irrlicht engine makes of a model file, as one JSON document.
//
//   dump [--loop BEGIN END] MODEL [FRAME...]
//
// It opens MODEL with Irrlicht's own loaders on the EDT_NULL driver (no
// window, no GL), puts it in an IAnimatedMeshSceneNode as a game would, and
// for each FRAME sets the node to that frame (Irrlicht clamps it to the
// node's frame loop) and lets the node animate, which is how Irrlicht poses
// a mesh before drawing it: a skinned mesh (MS3D, B3D, X) is animated and
// skinned at the fractional frame, an MD2 or MD3 mesh interpolated at the
// whole frame, in the mesh's own frame units. It then prints every mesh
// buffer's vertex positions, in Irrlicht's coordinates, as drawn (a skinned
// buffer's own transformation applied).
//
// Printed once: the mesh type, frame count, speed, the node's frame loop,
// joints (name, parent), MD2 animation names, and per mesh buffer its
// material type, first texture (the path Irrlicht loaded, "" when it found
// none) and triangle indices; then per frame the frame asked for, the frame
// the node used, the positions per buffer, the joints' animated global
// positions (skinned meshes) and the tags (MD3). Irrlicht's log lines come
// last. Exit status: 0 when the mesh loaded, 1 when Irrlicht refused it,
// 2 on bad arguments or no device.
//
// Built and run by the Go package ms3dstudio/interop/irrlicht.
#include <irrlicht.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <vector>

using namespace irr;

namespace {

// Collects Irrlicht's log instead of printing it.
class LogCollector : public IEventReceiver {
public:
	std::vector<std::string> lines;

	bool OnEvent(const SEvent& event) override {
		if (event.EventType != EET_LOG_TEXT_EVENT)
			return false;
		const char* level = "info";
		switch (event.LogEvent.Level) {
		case ELL_DEBUG: level = "debug"; break;
		case ELL_WARNING: level = "warning"; break;
		case ELL_ERROR: level = "error"; break;
		default: break;
		}
		lines.push_back(std::string(level) + ": " + (event.LogEvent.Text ? event.LogEvent.Text : ""));
		return true;
	}
};

void putString(const char* s) {
	std::putchar('"');
	for (const unsigned char* p = reinterpret_cast<const unsigned char*>(s); p && *p; ++p) {
		switch (*p) {
		case '"': std::fputs("\\\"", stdout); break;
		case '\\': std::fputs("\\\\", stdout); break;
		case '\n': std::fputs("\\n", stdout); break;
		case '\r': std::fputs("\\r", stdout); break;
		case '\t': std::fputs("\\t", stdout); break;
		default:
			if (*p < 0x20 || *p >= 0x80)
				std::printf("\\u%04x", *p); // bytes as Latin-1: names are not UTF-8
			else
				std::putchar(*p);
		}
	}
	std::putchar('"');
}

// putFloat prints a float so that Go reads back the same float32; JSON has
// no NaN or infinity, so those are printed as null.
void putFloat(f32 v) {
	if (std::isfinite(v))
		std::printf("%.9g", v);
	else
		std::fputs("null", stdout);
}

// putFloats prints the floats of vs separated by commas (see putFloat).
void putFloats(std::initializer_list<f32> vs) {
	bool first = true;
	for (f32 v : vs) {
		if (!first)
			std::putchar(',');
		first = false;
		putFloat(v);
	}
}

void putVec(const core::vector3df& v) {
	std::putchar('[');
	putFloats({v.X, v.Y, v.Z});
	std::putchar(']');
}

const char* meshType(scene::E_ANIMATED_MESH_TYPE t) {
	switch (t) {
	case scene::EAMT_SKINNED: return "skinned";
	case scene::EAMT_MD2: return "md2";
	case scene::EAMT_MD3: return "md3";
	default: return "other";
	}
}

const char* materialType(video::E_MATERIAL_TYPE t) {
	if (t >= 0 && t < video::EMT_ONETEXTURE_BLEND + 1 && video::sBuiltInMaterialTypeNames[t])
		return video::sBuiltInMaterialTypeNames[t];
	return "unknown";
}

int usage() {
	std::fputs("usage: dump [--loop BEGIN END] MODEL [FRAME...]\n", stderr);
	return 2;
}

} // namespace

int main(int argc, char** argv) {
	int arg = 1;
	bool loop = false;
	s32 loopBegin = 0, loopEnd = 0;
	if (arg < argc && std::string(argv[arg]) == "--loop") {
		if (arg + 3 > argc)
			return usage();
		loop = true;
		loopBegin = std::atoi(argv[arg + 1]);
		loopEnd = std::atoi(argv[arg + 2]);
		arg += 3;
	}
	if (arg >= argc)
		return usage();
	const char* path = argv[arg++];
	std::vector<f32> frames;
	for (; arg < argc; ++arg) {
		char* end = 0;
		frames.push_back(std::strtof(argv[arg], &end));
		if (end == argv[arg] || *end != 0)
			return usage();
	}

	LogCollector logs;
	IrrlichtDevice* device = createDevice(video::EDT_NULL, core::dimension2d<u32>(1, 1), 16, false, false, false, &logs);
	if (!device) {
		std::fputs("dump: Irrlicht could not create the null device\n", stderr);
		return 2;
	}
	device->getLogger()->setLogLevel(ELL_INFORMATION);
	scene::ISceneManager* smgr = device->getSceneManager();

	scene::IAnimatedMesh* mesh = smgr->getMesh(path);
	std::fputs("{\"loaded\":", stdout);
	std::fputs(mesh ? "true" : "false", stdout);
	if (mesh) {
		scene::IAnimatedMeshSceneNode* node = smgr->addAnimatedMeshSceneNode(mesh);
		if (loop)
			node->setFrameLoop(loopBegin, loopEnd);
		node->setAnimationSpeed(0); // frames are set, never advanced by time

		std::fputs(",\"type\":", stdout);
		putString(meshType(mesh->getMeshType()));
		std::printf(",\"frame_count\":%u,\"fps\":", mesh->getFrameCount());
		putFloat(mesh->getAnimationSpeed());
		std::printf(",\"start_frame\":%d,\"end_frame\":%d", node->getStartFrame(), node->getEndFrame());

		scene::ISkinnedMesh* skinned = mesh->getMeshType() == scene::EAMT_SKINNED ? static_cast<scene::ISkinnedMesh*>(mesh) : 0;
		std::fputs(",\"joints\":[", stdout);
		if (skinned) {
			const core::array<scene::ISkinnedMesh::SJoint*>& joints = skinned->getAllJoints();
			for (u32 i = 0; i < joints.size(); ++i) {
				s32 parent = -1;
				for (u32 p = 0; p < joints.size() && parent < 0; ++p)
					for (u32 c = 0; c < joints[p]->Children.size(); ++c)
						if (joints[p]->Children[c] == joints[i])
							parent = (s32)p;
				std::fputs(i ? ",{\"name\":" : "{\"name\":", stdout);
				putString(joints[i]->Name.c_str());
				std::printf(",\"parent\":%d,\"position_keys\":%u,\"rotation_keys\":%u,\"scale_keys\":%u,\"weights\":%u}",
					parent, joints[i]->PositionKeys.size(), joints[i]->RotationKeys.size(),
					joints[i]->ScaleKeys.size(), joints[i]->Weights.size());
			}
		}
		std::fputs("],\"md2_animations\":[", stdout);
		if (mesh->getMeshType() == scene::EAMT_MD2) {
			scene::IAnimatedMeshMD2* md2 = static_cast<scene::IAnimatedMeshMD2*>(mesh);
			for (s32 i = 0; i < md2->getAnimationCount(); ++i) {
				s32 begin = 0, end = 0, fps = 0;
				md2->getFrameLoop(md2->getAnimationName(i), begin, end, fps);
				std::fputs(i ? ",{\"name\":" : "{\"name\":", stdout);
				putString(md2->getAnimationName(i));
				std::printf(",\"begin\":%d,\"end\":%d,\"fps\":%d}", begin, end, fps);
			}
		}

		std::fputs("],\"buffers\":[", stdout);
		for (u32 b = 0; b < mesh->getMeshBufferCount(); ++b) {
			scene::IMeshBuffer* mb = mesh->getMeshBuffer(b);
			const video::SMaterial& mat = mb->getMaterial();
			std::fputs(b ? ",{\"material\":" : "{\"material\":", stdout);
			putString(materialType(mat.MaterialType));
			std::fputs(",\"texture\":", stdout);
			video::ITexture* tex = mat.getTexture(0);
			putString(tex ? core::stringc(tex->getName().getPath()).c_str() : "");
			std::printf(",\"vertices\":%u,\"indices\":[", mb->getVertexCount());
			for (u32 i = 0; i < mb->getIndexCount(); ++i)
				std::printf(i ? ",%u" : "%u", (u32)mb->getIndices()[i]);
			std::fputs("]}", stdout);
		}

		std::fputs("],\"frames\":[", stdout);
		for (size_t f = 0; f < frames.size(); ++f) {
			node->setCurrentFrame(frames[f]);
			// A time step of 0 ms: the node keeps the frame and poses its
			// mesh there (CAnimatedMeshSceneNode::OnAnimate).
			node->OnAnimate(1000);
			std::fputs(f ? ",{\"requested\":" : "{\"requested\":", stdout);
			putFloat(frames[f]);
			std::fputs(",\"frame\":", stdout);
			putFloat(node->getFrameNr());
			std::fputs(",\"positions\":[", stdout);
			for (u32 b = 0; b < mesh->getMeshBufferCount(); ++b) {
				scene::IMeshBuffer* mb = mesh->getMeshBuffer(b);
				core::matrix4 world;
				if (skinned)
					world = static_cast<scene::SSkinMeshBuffer*>(mb)->Transformation;
				std::fputs(b ? ",[" : "[", stdout);
				for (u32 v = 0; v < mb->getVertexCount(); ++v) {
					core::vector3df p = mb->getPosition(v);
					world.transformVect(p);
					if (v)
						std::putchar(',');
					putFloats({p.X, p.Y, p.Z});
				}
				std::putchar(']');
			}
			std::fputs("],\"joints\":[", stdout);
			if (skinned) {
				const core::array<scene::ISkinnedMesh::SJoint*>& joints = skinned->getAllJoints();
				for (u32 i = 0; i < joints.size(); ++i) {
					if (i)
						std::putchar(',');
					putVec(joints[i]->GlobalAnimatedMatrix.getTranslation());
				}
			}
			std::fputs("],\"tags\":[", stdout);
			if (mesh->getMeshType() == scene::EAMT_MD3) {
				scene::SMD3QuaternionTagList* tags = static_cast<scene::IAnimatedMeshMD3*>(mesh)->getTagList(
					(s32)node->getFrameNr(), 255, node->getStartFrame(), node->getEndFrame());
				for (u32 i = 0; tags && i < tags->size(); ++i) {
					const scene::SMD3QuaternionTag& tag = (*tags)[i];
					std::fputs(i ? ",{\"name\":" : "{\"name\":", stdout);
					putString(tag.Name.c_str());
					std::fputs(",\"position\":", stdout);
					putVec(tag.position);
					std::fputs(",\"rotation\":[", stdout);
					putFloats({tag.rotation.X, tag.rotation.Y, tag.rotation.Z, tag.rotation.W});
					std::fputs("]}", stdout);
				}
			}
			std::fputs("]}", stdout);
		}
		std::putchar(']');
	}
	std::fputs(",\"log\":[", stdout);
	for (size_t i = 0; i < logs.lines.size(); ++i) {
		if (i)
			std::putchar(',');
		putString(logs.lines[i].c_str());
	}
	std::fputs("]}\n", stdout);
	device->drop();
	return mesh ? 0 : 1;
}
